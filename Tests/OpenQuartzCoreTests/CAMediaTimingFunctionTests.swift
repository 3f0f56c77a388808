// Tests for CAMediaTimingFunction and CAMediaTimingFunctionName: Apple's documented control points,
// getControlPoint(at:values:), diagnostics for bad input, and evaluation through the engine curve.
import KinemaRenderServer
import KinemaSupport
import OpenQuartzCore
import Testing

/// Control points 0…3 of a function, read through Apple's API.
private func controlPoints(of function: CAMediaTimingFunction) -> [[Float]] {
    (0 ... 3).map { index in
        var point: [Float] = [.nan, .nan]
        function.getControlPoint(at: index, values: &point)
        return point
    }
}

@Suite("CAMediaTimingFunction")
struct CAMediaTimingFunctionTests {
    // MARK: Apple's documented values

    /// Control points from Apple's CAMediaTimingFunctionName pages:
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/linear
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easein
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easeout
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/easeineaseout
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname/default
    /// ("This is a Bézier timing function with the control points (c1) and (c2)"); end points from
    /// init(controlPoints:_:_:_:) ("automatically set to (0.0,0.0) and (1.0,1.0)").
    static let documented: [(CAMediaTimingFunctionName, [[Float]])] = [
        (.linear, [[0, 0], [0, 0], [1, 1], [1, 1]]),
        (.easeIn, [[0, 0], [0.42, 0], [1, 1], [1, 1]]),
        (.easeOut, [[0, 0], [0, 0], [0.58, 1], [1, 1]]),
        (.easeInEaseOut, [[0, 0], [0.42, 0], [0.58, 1], [1, 1]]),
        (.default, [[0, 0], [0.25, 0.1], [0.25, 1], [1, 1]]),
    ]

    @Test("named functions have the control points in Apple's CAMediaTimingFunctionName docs")
    func namedControlPoints() {
        for (name, expected) in Self.documented {
            let (function, diagnostics) = KinemaDiagnostics.collecting { CAMediaTimingFunction(name: name) }
            #expect(controlPoints(of: function) == expected, "\(name.rawValue)")
            #expect(diagnostics.isEmpty)
        }
    }

    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunctionname lists the
    /// constants kCAMediaTimingFunctionLinear … kCAMediaTimingFunctionDefault; their strings are
    /// the names the CAMediaTimingFunction.h header gives ("linear", "easeIn", …, "default").
    @Test("name raw values are the strings behind Apple's kCAMediaTimingFunction constants")
    func nameRawValues() {
        #expect(CAMediaTimingFunctionName.linear.rawValue == "linear")
        #expect(CAMediaTimingFunctionName.easeIn.rawValue == "easeIn")
        #expect(CAMediaTimingFunctionName.easeOut.rawValue == "easeOut")
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
        #expect(CAMediaTimingFunctionName(rawValue: "easeIn") == .easeIn)
    }

    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunction/getcontrolpoint(at:values:)
    /// (index 0…3, "the x and y values of the specified point") and
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunction/init(controlpoints:_:_:_:)
    /// (the points are [(0.0,0.0), (c1x,c1y), (c2x,c2y), (1.0,1.0)]).
    @Test("getControlPoint(at:values:) returns (0,0), c1, c2, (1,1) as given")
    func controlPointsAsGiven() {
        let function = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        #expect(controlPoints(of: function) == [[0, 0], [0.65, -0.55], [0.27, 1.55], [1, 1]])
        #expect(CAMediaTimingFunction(name: .easeInEaseOut) == CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1))
    }

    /// Apple: "The value of index must be between 0 and 3" (getControlPoint(at:values:) page);
    /// what happens otherwise is not documented. Kinema's choice: a diagnostic, nothing written.
    @Test("an index outside 0...3 reports a diagnostic and writes nothing")
    func controlPointIndexOutOfRange() {
        let function = CAMediaTimingFunction(name: .easeIn)
        for index in [-1, 4, Int.max, Int.min] {
            var point: [Float] = [7, 7]
            let (_, diagnostics) = KinemaDiagnostics.collecting {
                function.getControlPoint(at: index, values: &point)
            }
            #expect(point == [7, 7])
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.domain == "CAMediaTimingFunction")
        }
    }

    // MARK: Bad input

    @Test("NaN or infinite control points report one diagnostic and behave as linear")
    func nonFiniteControlPoints() {
        let bad: [(Float, Float, Float, Float)] = [
            (.nan, 0, 1, 1), (0.2, .nan, 1, 1), (0.2, 0, .infinity, 1), (0.2, 0, 1, -.infinity),
            (.nan, .nan, .nan, .nan),
        ]
        let linear = CAMediaTimingFunction(name: .linear)
        for (c1x, c1y, c2x, c2y) in bad {
            let (function, diagnostics) = KinemaDiagnostics.collecting {
                CAMediaTimingFunction(controlPoints: c1x, c1y, c2x, c2y)
            }
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.domain == "CAMediaTimingFunction")
            #expect(function == linear)
            #expect(controlPoints(of: function) == [[0, 0], [0, 0], [1, 1], [1, 1]])
            for x in stride(from: 0.0, through: 1.0, by: 0.125) {
                #expect(function.value(at: x) == x)
            }
        }
    }

    @Test("an unknown name reports a diagnostic and gives linear pacing")
    func unknownName() {
        let (function, diagnostics) = KinemaDiagnostics.collecting {
            CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bouncy"))
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("bouncy") == true)
        #expect(function == CAMediaTimingFunction(name: .linear))
        #expect(function.value(at: 0.3) == 0.3)
    }

    @Test("control x outside [0, 1] reports a diagnostic, is kept as given and evaluated clamped")
    func controlXOutsideUnitInterval() {
        let (function, diagnostics) = KinemaDiagnostics.collecting {
            CAMediaTimingFunction(controlPoints: 1.5, 0.2, -0.5, 0.8)
        }
        #expect(diagnostics.count == 1)
        #expect(controlPoints(of: function) == [[0, 0], [1.5, 0.2], [-0.5, 0.8], [1, 1]])
        let clamped = CAMediaTimingFunction(controlPoints: 1, 0.2, 0, 0.8)
        #expect(function != clamped)
        for x in stride(from: 0.0, through: 1.0, by: 1.0 / 16) {
            #expect(function.value(at: x) == clamped.value(at: x))
        }
    }

    // MARK: Evaluation

    /// Values from the 80-digit references in
    /// Tests/KinemaTimingTests/References/timing_curves.json (Scripts/references/
    /// timing_curve_references.py), for the Float-rounded control points Apple's API takes.
    @Test("value(at:) matches the mpmath reference for the named functions")
    func namedValues() {
        let expected: [(CAMediaTimingFunctionName, [(Double, Double)])] = [
            (.linear, [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]),
            (.easeIn, [(0.25, 0.0934646540158), (0.5, 0.315356818764), (0.75, 0.621861874649)]),
            (.easeOut, [(0.25, 0.378138137792), (0.5, 0.684643195307), (0.75, 0.906535353477)]),
            (.easeInEaseOut, [(0.25, 0.129161938761), (0.5, 0.500000019269), (0.75, 0.870838077756)]),
            (.default, [(0.25, 0.408510591994), (0.5, 0.802403387867), (0.75, 0.960458978411)]),
        ]
        for (name, samples) in expected {
            let function = CAMediaTimingFunction(name: name)
            for (x, y) in samples {
                #expect(abs(function.value(at: x) - y) < 1e-7, "\(name.rawValue) at \(x)")
            }
            #expect(function.value(at: 0) == 0)
            #expect(function.value(at: 1) == 1)
            #expect(function.value(at: -2) == 0)
            #expect(function.value(at: 3) == 1)
            #expect(function.value(at: .nan) == 0)
        }
        let overshoot = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        #expect(abs(overshoot.value(at: 0.25) - -0.0782285099475) < 1e-7)
        #expect(abs(overshoot.value(at: 0.75) - 1.08916351826) < 1e-7)
    }

    @Test("slope(at:) gives the curves' end slopes")
    func slopes() {
        #expect(CAMediaTimingFunction(name: .easeIn).slope(at: 0) == 0)
        #expect(CAMediaTimingFunction(name: .easeOut).slope(at: 1) == 0)
        #expect(abs(CAMediaTimingFunction(name: .easeOut).slope(at: 0) - 1 / Double(Float(0.58))) < 1e-12)
        #expect(CAMediaTimingFunction(name: .linear).slope(at: 0.4) == 1)
    }

    // MARK: Value semantics

    @Test("equality and hashing compare control points; description shows them")
    func equalityAndDescription() {
        let a = CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)
        let b = CAMediaTimingFunction(name: .default)
        let c = CAMediaTimingFunction(name: .easeIn)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
        #expect(c.description == "CAMediaTimingFunction(controlPoints: 0.42, 0.0, 1.0, 1.0)")
    }

    @Test("functions are Sendable and evaluate the same on any task")
    func sendable() async {
        let function = CAMediaTimingFunction(name: .easeInEaseOut)
        let here = function.value(at: 0.3)
        let there = await Task.detached { function.value(at: 0.3) }.value
        #expect(here == there)
    }
}
