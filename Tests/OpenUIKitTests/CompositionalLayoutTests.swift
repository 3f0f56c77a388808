// UICollectionViewCompositionalLayout: frames of lists, grids, nested groups, spacings, the last
// partial group, headers and footers, backgrounds, the horizontal configuration, orthogonal
// sections, the section provider's environment, a collection view scrolling over the layout,
// bad input, and a grid rendered to a PNG.

import Foundation
import Kinema
import Testing
@testable import OpenUIKit

@MainActor
private func compSize(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
    NSCollectionLayoutSize(widthDimension: width, heightDimension: height)
}

/// A layout of one section repeating a horizontal group of `subitems`.
@MainActor
private func compLayout(_ subitems: [NSCollectionLayoutItem], group: NSCollectionLayoutSize,
                        configure: (NSCollectionLayoutSection) -> Void = { _ in }) -> UICollectionViewCompositionalLayout {
    let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: group, subitems: subitems))
    configure(section)
    return UICollectionViewCompositionalLayout(section: section)
}

@MainActor
private func item(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutItem {
    NSCollectionLayoutItem(layoutSize: compSize(width, height))
}

/// Frames compared to 1e-9 pt (fractions of thirds are not exact in binary).
private func near(_ a: CGRect?, _ b: CGRect) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

@Suite("UICollectionViewCompositionalLayout")
@MainActor
struct CompositionalLayoutTests {
    @Test("a list: full-width rows at their estimated height, one after another")
    func list() {
        let layout = compLayout([item(.fractionalWidth(1), .estimated(44))], group: compSize(.fractionalWidth(1), .estimated(44)))
        let (_, collectionView, _) = collectionStage([30], layout: layout)
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(frameOf(collectionView, 29) == CGRect(x: 0, y: 29 * 44, width: 320, height: 44))
        #expect(frameOf(collectionView, 30) == nil)
        #expect(collectionView.contentSize == CGSize(width: 320, height: 30 * 44))
    }

    @Test("self-sizing: estimated rows take the heights their cells prefer; a row is as deep as its deepest cell")
    func selfSizing() {
        let list = compLayout([item(.fractionalWidth(1), .estimated(44))], group: compSize(.fractionalWidth(1), .estimated(44)))
        let (stage, collectionView, source) = collectionStage([6], layout: list)
        stage.withClock {
            collectionView.register(ShortCell.self, forCellWithReuseIdentifier: "short")
            source.identifier = "short"
            collectionView.reloadData()
            stage.turn(to: 0.1)
            stage.turn(to: 0.2)
        }
        // ShortCell wants 30, 40, 50, 30, 40, 50.
        #expect(frameOf(collectionView, 1) == CGRect(x: 0, y: 30, width: 320, height: 40))
        #expect(frameOf(collectionView, 3) == CGRect(x: 0, y: 120, width: 320, height: 30))
        #expect(collectionView.contentSize.height == 240)
        #expect(collectionView.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.height == 50)

        let rows = compLayout([item(.absolute(100), .estimated(44))], group: compSize(.fractionalWidth(1), .estimated(44))) { section in
            section.interGroupSpacing = 10
        }
        let (rowStage, rowView, rowSource) = collectionStage([6], layout: rows)
        rowStage.withClock {
            rowView.register(ShortCell.self, forCellWithReuseIdentifier: "short")
            rowSource.identifier = "short"
            rowView.reloadData()
            rowStage.turn(to: 0.1)
            rowStage.turn(to: 0.2)
        }
        // Rows of three (30, 40, 50 tall, top-aligned), each 50 deep, 10 apart.
        #expect(frameOf(rowView, 0) == CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(frameOf(rowView, 5) == CGRect(x: 200, y: 60, width: 100, height: 50))
        #expect(rowView.contentSize.height == 110)
    }

    @Test("layout-wide header and footer: before the first section and after the last")
    func layoutBoundaryItems() {
        let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(100)),
                                                                   subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))]))
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: compSize(.fractionalWidth(1), .absolute(60)), elementKind: "banner", alignment: .top),
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: compSize(.absolute(100), .absolute(20)), elementKind: "credits", alignment: .bottom),
        ]
        configuration.interSectionSpacing = 5
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let (_, collectionView, _) = collectionStage([3, 2], layout: layout)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "banner", at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 60))
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 60, width: 160, height: 100))
        #expect(frameOf(collectionView, 0, 1) == CGRect(x: 0, y: 265, width: 160, height: 100))
        // A narrower .bottom item is centred across.
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "credits", at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 110, y: 365, width: 100, height: 20))
        #expect(collectionView.contentSize.height == 385)
    }

    @Test("a grid: thirds of the group, shrunk by their insets; the last row partly filled")
    func grid() {
        let cell = item(.fractionalWidth(1.0 / 3), .fractionalHeight(1))
        cell.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let layout = compLayout([cell], group: compSize(.fractionalWidth(1), .absolute(120))) { section in
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        }
        let (_, collectionView, _) = collectionStage([7], layout: layout)
        // 300 pt across the insets: slots of 100, cells of 96 × 116 inside them.
        #expect(near(frameOf(collectionView, 0), CGRect(x: 12, y: 12, width: 96, height: 116)))
        #expect(near(frameOf(collectionView, 2), CGRect(x: 212, y: 12, width: 96, height: 116)))
        #expect(near(frameOf(collectionView, 4), CGRect(x: 112, y: 132, width: 96, height: 116)))
        #expect(near(frameOf(collectionView, 6), CGRect(x: 12, y: 252, width: 96, height: 116)))
        #expect(collectionView.contentSize == CGSize(width: 320, height: 10 + 3 * 120 + 10))
    }

    @Test("nested groups: a large item beside a vertical pair, repeated; fractions of the inner group")
    func nested() {
        let large = item(.fractionalWidth(2.0 / 3), .fractionalHeight(1))
        let pair = NSCollectionLayoutGroup.vertical(layoutSize: compSize(.fractionalWidth(1.0 / 3), .fractionalHeight(1)),
                                                    subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let layout = compLayout([large, pair], group: compSize(.fractionalWidth(1), .absolute(200))) { section in
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        }
        let (_, collectionView, _) = collectionStage([5], layout: layout)
        #expect(near(frameOf(collectionView, 0), CGRect(x: 10, y: 0, width: 200, height: 200)))
        #expect(near(frameOf(collectionView, 1), CGRect(x: 210, y: 0, width: 100, height: 100)))
        #expect(near(frameOf(collectionView, 2), CGRect(x: 210, y: 100, width: 100, height: 100)))
        #expect(near(frameOf(collectionView, 3), CGRect(x: 10, y: 200, width: 200, height: 200)))
        // The last group holds two of its three items, at a full group's places.
        #expect(near(frameOf(collectionView, 4), CGRect(x: 210, y: 200, width: 100, height: 100)))
        #expect(collectionView.contentSize.height == 400)
    }

    @Test("spacing: fixed between items, between groups, section insets, between sections; flexible spreads")
    func spacing() {
        let section = NSCollectionLayoutSection(group: {
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(50)),
                                                           subitems: [item(.absolute(100), .fractionalHeight(1))])
            group.interItemSpacing = .fixed(10)
            return group
        }())
        section.interGroupSpacing = 20
        section.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 7, bottom: 5, trailing: 7)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 30
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let (_, collectionView, _) = collectionStage([4, 4], layout: layout)
        // 306 pt across: 100 + 10 + 100 + 10 + 100 = 320 does not fit, so two a group.
        #expect(frameOf(collectionView, 0) == CGRect(x: 7, y: 5, width: 100, height: 50))
        #expect(frameOf(collectionView, 1) == CGRect(x: 117, y: 5, width: 100, height: 50))
        #expect(frameOf(collectionView, 2) == CGRect(x: 7, y: 75, width: 100, height: 50))
        // Section 0 ends at 5 + 50 + 20 + 50 + 5 = 130; section 1 begins 30 later.
        #expect(frameOf(collectionView, 0, 1) == CGRect(x: 7, y: 165, width: 100, height: 50))
        #expect(collectionView.contentSize.height == 290)

        let flexible = NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(50)),
                                                          subitems: [item(.absolute(100), .fractionalHeight(1))])
        flexible.interItemSpacing = .flexible(10)
        let spread = NSCollectionLayoutSection(group: flexible)
        spread.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 7, bottom: 0, trailing: 7)
        let (_, spreadView, _) = collectionStage([2], layout: UICollectionViewCompositionalLayout(section: spread))
        // The spare 306 − 210 = 96 pt joins the one gap: the second item ends on the trailing inset.
        #expect(frameOf(spreadView, 1) == CGRect(x: 213, y: 0, width: 100, height: 50))
    }

    @Test("edge spacing: fixed room before an item, flexible room on both sides centres it")
    func edgeSpacing() {
        let centred = item(.absolute(130), .absolute(40))
        centred.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(0), top: .flexible(0), trailing: .flexible(0), bottom: .flexible(0))
        let (_, collectionView, _) = collectionStage([2], layout: compLayout([centred], group: compSize(.fractionalWidth(1), .absolute(60))))
        // Flexible edges of 0 need no room, so two fit a row (three would be 390); the spare 60 pt
        // is shared by the four edges (15 each), and across, the spare 20 pt by top and bottom.
        #expect(frameOf(collectionView, 0) == CGRect(x: 15, y: 10, width: 130, height: 40))
        #expect(frameOf(collectionView, 1) == CGRect(x: 175, y: 10, width: 130, height: 40))

        let pushed = item(.absolute(100), .fractionalHeight(1))
        pushed.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .fixed(15), top: nil, trailing: nil, bottom: nil)
        let (_, fixedView, _) = collectionStage([4], layout: compLayout([pushed], group: compSize(.fractionalWidth(1), .absolute(50))))
        // 15 + 100 + 15 + 100 = 230; a third would end at 345 > 320.
        #expect(frameOf(fixedView, 1) == CGRect(x: 130, y: 0, width: 100, height: 50))
        #expect(frameOf(fixedView, 2) == CGRect(x: 15, y: 50, width: 100, height: 50))
    }

    @Test("count groups: equal items filling the group; repeating items at their own size")
    func countGroups() {
        let equal = NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(80)),
                                                       subitem: item(.absolute(999), .fractionalHeight(1)), count: 3)
        equal.interItemSpacing = .fixed(10)
        let (_, collectionView, _) = collectionStage([5], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: equal)))
        #expect(frameOf(collectionView, 2) == CGRect(x: 220, y: 0, width: 100, height: 80))
        #expect(frameOf(collectionView, 4) == CGRect(x: 110, y: 80, width: 100, height: 80))
        #expect(collectionView.contentSize.height == 160)

        let repeating = NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(60)),
                                                           repeatingSubitem: item(.absolute(60), .fractionalHeight(1)), count: 4)
        let (_, repeatView, _) = collectionStage([9], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: repeating)))
        #expect(frameOf(repeatView, 3) == CGRect(x: 180, y: 0, width: 60, height: 60))
        #expect(frameOf(repeatView, 4) == CGRect(x: 0, y: 60, width: 60, height: 60))
        #expect(frameOf(repeatView, 8) == CGRect(x: 0, y: 120, width: 60, height: 60))
    }

    @Test("headers and footers: across the section's insets, around them along the axis; a pinned header stays in view")
    func boundaryItems() {
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: compSize(.fractionalWidth(1), .absolute(40)),
                                                                 elementKind: UICollectionElementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        let footer = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: compSize(.fractionalWidth(0.5), .absolute(30)),
                                                                 elementKind: UICollectionElementKindSectionFooter, alignment: .bottomTrailing)
        let layout = compLayout([item(.fractionalWidth(1), .absolute(100))], group: compSize(.fractionalWidth(1), .absolute(100))) { section in
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            section.boundarySupplementaryItems = [header, footer]
        }
        let (stage, collectionView, _) = collectionStage([3, 3], layout: layout)
        stage.withClock {
            collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionElementKindSectionFooter, withReuseIdentifier: "header")
            collectionView.reloadData()
            stage.turn(to: 0.05)
        }
        let kind = UICollectionElementKindSectionHeader
        let path0 = IndexPath(item: 0, section: 0), path1 = IndexPath(item: 0, section: 1)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path0)?.frame == CGRect(x: 10, y: 0, width: 300, height: 40))
        #expect(frameOf(collectionView, 0) == CGRect(x: 10, y: 50, width: 300, height: 100))
        // Items end at 50 + 300; the bottom inset; the footer on the trailing half.
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: UICollectionElementKindSectionFooter, at: path0)?.frame
                == CGRect(x: 160, y: 360, width: 150, height: 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path1)?.frame.minY == 390)
        #expect(collectionView.contentSize.height == 780)
        stage.withClock {
            collectionView.contentOffset = CGPoint(x: 0, y: 200)
            stage.turn(to: 0.1)
        }
        #expect(collectionView.supplementaryView(forElementKind: kind, at: path0)?.frame.minY == 200)
        stage.withClock {
            collectionView.contentOffset = CGPoint(x: 0, y: 350)
            stage.turn(to: 0.2)
        }
        // Pushed up by the end of its section's items and bottom inset: 360 − 40.
        #expect(collectionView.supplementaryView(forElementKind: kind, at: path0)?.frame.minY == 320)
        #expect(collectionView.supplementaryView(forElementKind: kind, at: path0)?.layer.zPosition == 1024)
    }

    @Test("a section background covers the section less its insets, behind the cells")
    func background() throws {
        let layout = compLayout([item(.fractionalWidth(0.5), .fractionalHeight(1))], group: compSize(.fractionalWidth(1), .absolute(100))) { section in
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            let background = NSCollectionLayoutDecorationItem.background(elementKind: "card")
            background.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            section.decorationItems = [background]
        }
        layout.register(ShelfView.self, forDecorationViewOfKind: "card")
        let (_, collectionView, _) = collectionStage([4, 2], layout: layout)
        #expect(layout.layoutAttributesForDecorationView(ofKind: "card", at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 4, y: 4, width: 312, height: 212))
        let cards = collectionView.subviews.compactMap { $0 as? ShelfView }
        #expect(cards.map(\.frame.minY).sorted() == [4, 224])
        #expect(cards.allSatisfy { $0.layer.zPosition == -1 })
        // The search still finds the cells of the second section after its background.
        let found = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 230, width: 320, height: 10)) ?? []
        #expect(Set(found.compactMap { $0.representedElementCategory == .cell ? $0.indexPath : nil }) == [IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
    }

    @Test("horizontal configuration: columns fill the height, groups follow along x")
    func horizontalConfiguration() {
        let column = NSCollectionLayoutGroup.vertical(layoutSize: compSize(.absolute(100), .fractionalHeight(1)),
                                                      subitems: [item(.fractionalWidth(1), .fractionalHeight(0.25))])
        let section = NSCollectionLayoutSection(group: column)
        section.interGroupSpacing = 10
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
        let (_, collectionView, _) = collectionStage([10], layout: layout)
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 0, width: 100, height: 142))
        #expect(frameOf(collectionView, 3) == CGRect(x: 0, y: 426, width: 100, height: 142))
        #expect(frameOf(collectionView, 9) == CGRect(x: 220, y: 142, width: 100, height: 142))
        #expect(collectionView.contentSize == CGSize(width: 320, height: 568))
    }

    @Test("an orthogonal section lays its groups out in one row past the bounds; the next section follows it")
    func orthogonal() {
        let layout = UICollectionViewCompositionalLayout { index, _ in
            if index == 0 {
                let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: compSize(.absolute(140), .absolute(100)),
                                                                           subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]))
                section.orthogonalScrollingBehavior = .groupPaging
                section.interGroupSpacing = 10
                return section
            }
            return NSCollectionLayoutSection(group: .horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(50)),
                                                                subitems: [item(.fractionalWidth(1), .fractionalHeight(1))]))
        }
        let (_, collectionView, _) = collectionStage([5, 3], layout: layout)
        #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 0, width: 140, height: 100))
        #expect(frameOf(collectionView, 4) == CGRect(x: 600, y: 0, width: 140, height: 100))
        #expect(frameOf(collectionView, 0, 1) == CGRect(x: 0, y: 100, width: 320, height: 50))
        // The row runs past the bounds; the content stays as wide as the collection view.
        #expect(collectionView.contentSize == CGSize(width: 320, height: 250))
        let inBounds = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 320, height: 90)) ?? []
        #expect(Set(inBounds.map(\.indexPath.item)) == [0, 1, 2])
        // Items 0–2 of the row (the third cut by the edge) and the list's three.
        #expect(collectionView.visibleCells.count == 3 + 3)
    }

    @Test("the section provider sees the container; a new width lays out again")
    func provider() {
        var seen: [CGSize] = []
        var effective: [CGSize] = []
        let layout = UICollectionViewCompositionalLayout { _, environment in
            seen.append(environment.container.contentSize)
            effective.append(environment.container.effectiveContentSize)
            let columns = environment.container.effectiveContentSize.width > 250 ? 4 : 2
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(50)),
                                                           subitem: item(.fractionalWidth(1), .fractionalHeight(1)), count: columns)
            return NSCollectionLayoutSection(group: group)
        }
        let (stage, collectionView, _) = collectionStage([8], layout: layout)
        #expect(seen.last == CGSize(width: 320, height: 568))
        #expect(frameOf(collectionView, 1) == CGRect(x: 80, y: 0, width: 80, height: 50))
        stage.withClock {
            collectionView.contentInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
            collectionView.collectionViewLayout.invalidateLayout()
            stage.turn(to: 0.1)
        }
        #expect(effective.last == CGSize(width: 300, height: 568))
        #expect(frameOf(collectionView, 1) == CGRect(x: 75, y: 0, width: 75, height: 50))
        stage.withClock {
            collectionView.contentInset = .zero
            collectionView.frame = CGRect(x: 0, y: 0, width: 200, height: 568)
            stage.turn(to: 0.2)
        }
        #expect(seen.last == CGSize(width: 200, height: 568))
        #expect(frameOf(collectionView, 1) == CGRect(x: 100, y: 0, width: 100, height: 50))
        #expect(collectionView.contentSize == CGSize(width: 200, height: 200))
    }

    @Test("scrolling a grid of 10,000 items: the visible cells only, recycled; queries by binary search")
    func scrolling() {
        let layout = compLayout([item(.fractionalWidth(1.0 / 3), .fractionalHeight(1))], group: compSize(.fractionalWidth(1), .absolute(100)))
        let (stage, collectionView, source) = collectionStage([10_000], layout: layout)
        // Rows every 100 pt: at most 7 rows meet a 568 pt window → 21 cells.
        var most = 0
        stage.withClock {
            var y: CGFloat = 0, t = 0.0
            while y < 20_000 {
                y += 43
                t += 1.0 / 60
                collectionView.contentOffset = CGPoint(x: 0, y: y)
                stage.turn(to: t)
                let cells = collectionView.subviews.compactMap { $0 as? UICollectionViewCell }
                most = max(most, cells.count)
                #expect(cells.count == collectionView.visibleCells.count)
            }
        }
        #expect(most == 21)
        #expect(collectionView.createdViewCount <= 21 + UICollectionView.reusePoolLimit)
        #expect(source.cellRequests > 590)
        #expect(collectionView.visibleCells.allSatisfy { collectionView.indexPath(for: $0)?.item == $0.tag })
        let first = collectionView.indexPathsForVisibleItems.map(\.item).min()
        #expect(first == 3 * Int(collectionView.contentOffset.y / 100))
    }

    @Test("100,000 items: prepare once, then a screen's query finds exactly the rows it meets")
    func largeQuery() {
        let layout = compLayout([item(.fractionalWidth(0.5), .fractionalHeight(1))], group: compSize(.fractionalWidth(1), .absolute(50)))
        let (_, collectionView, _) = collectionStage([100_000], layout: layout)
        #expect(collectionView.contentSize.height == 2_500_000.0)
        let clock = ContinuousClock()
        let prepared = clock.measure {
            layout.invalidateLayout()
            collectionView.layoutIfNeeded()
        }
        print("compositional prepare, 100k items: \(prepared) (debug build)")
        var found: [UICollectionViewLayoutAttributes] = []
        let elapsed = clock.measure {
            for _ in 0..<100 { found = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 1_234_567, width: 320, height: 568)) ?? [] }
        }
        print("compositional query, 100k items, screen rect: \(elapsed / 100) per call (debug build)")
        // Rows 24 691 (1 234 550–1 234 600) to 24 702 (1 235 100–1 235 150): 12 rows, 24 items.
        #expect(found.count == 24)
        #expect(found.map(\.indexPath.item).min() == 2 * 24_691)
    }

    @Test("a batch update: the inserted item fades in, the deleted fades out, the others slide")
    func batchUpdate() throws {
        let layout = compLayout([item(.fractionalWidth(1.0 / 3), .fractionalHeight(1))], group: compSize(.fractionalWidth(1), .absolute(100))) { section in
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        }
        let (stage, collectionView, _) = collectionStage([9], layout: layout)
        let deleted = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        let moved = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        var completions: [Bool] = []
        stage.withClock {
            stage.at(0.1) {
                collectionView.performBatchUpdates({
                    collectionView.deleteItems(at: [IndexPath(item: 1, section: 0)])
                    collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
                }, completion: { completions.append($0) })
            }
            stage.turn(to: 0.1)
            stage.turn(to: 0.225)
        }
        // Old item 0 becomes item 1: its centre slides from x 60 to x 160; halfway at half time.
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) === moved)
        let slide = try #require(moved.layer.presentation())
        #expect(abs(slide.position.x - 110) < 0.5)
        let inserted = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(abs(Double(try #require(inserted.layer.presentation()).opacity) - 0.5) < 0.01)
        #expect(abs(Double(try #require(deleted.layer.presentation()).opacity) - 0.5) < 0.01)
        stage.withClock { stage.turn(to: 0.5) }
        #expect(completions == [true])
        #expect(deleted.superview == nil)
        #expect(moved.frame == CGRect(x: 110, y: 0, width: 100, height: 100))
    }

    @Test("bad input: NaN and negative dimensions, empty groups, zero counts, nil sections — diagnostics, no trap")
    func badInput() {
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            let layout = UICollectionViewCompositionalLayout { index, _ in
                switch index {
                case 0: return NSCollectionLayoutSection(group: .horizontal(layoutSize: compSize(.fractionalWidth(.nan), .absolute(-5)),
                                                                            subitems: [item(.absolute(.infinity), .fractionalHeight(1))]))
                case 1: return NSCollectionLayoutSection(group: .horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(40)), subitems: []))
                case 2: return NSCollectionLayoutSection(group: .vertical(layoutSize: compSize(.fractionalWidth(1), .absolute(40)),
                                                                          subitem: item(.fractionalWidth(1), .absolute(10)), count: 0))
                case 3: return nil
                default:
                    let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(40)),
                                                                               subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1))]))
                    section.interGroupSpacing = -.infinity
                    return section
                }
            }
            let (_, collectionView, _) = collectionStage([3, 3, 3, 3, 3], layout: layout)
            // Section 0: a 0 × 0 group of one 0-wide item a repetition; finite frames.
            #expect(frameOf(collectionView, 0) == CGRect(x: 0, y: 0, width: 0, height: 0))
            #expect(frameOf(collectionView, 0, 1) == nil)
            #expect(frameOf(collectionView, 0, 2) == nil)
            #expect(frameOf(collectionView, 0, 3) == nil)
            #expect(frameOf(collectionView, 2, 4) == CGRect(x: 0, y: 40, width: 160, height: 40))
            #expect(collectionView.contentSize.height.isFinite)
        }
        let text = diagnostics.map(\.message).joined(separator: "\n")
        #expect(text.contains("nan"))
        #expect(text.contains("no subitems"))
        #expect(text.contains("count is 0"))
        #expect(text.contains("returned nil for section 3"))
        #expect(text.contains("interGroupSpacing"))
    }

    @Test("a grid rendered: coloured cells at their frames")
    func renderGrid() throws {
        let cell = item(.fractionalWidth(1.0 / 3), .fractionalHeight(1))
        cell.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
        let large = item(.fractionalWidth(2.0 / 3), .fractionalHeight(1))
        large.contentInsets = cell.contentInsets
        let pair = NSCollectionLayoutGroup.vertical(layoutSize: compSize(.fractionalWidth(1.0 / 3), .fractionalHeight(1)),
                                                    subitems: [{ let i = item(.fractionalWidth(1), .fractionalHeight(0.5)); i.contentInsets = cell.contentInsets; return i }()])
        let mosaic = NSCollectionLayoutGroup.vertical(layoutSize: compSize(.fractionalWidth(1), .absolute(320)), subitems: [
            NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(200)), subitems: [large, pair]),
            NSCollectionLayoutGroup.horizontal(layoutSize: compSize(.fractionalWidth(1), .absolute(120)), subitems: [cell]),
        ])
        let section = NSCollectionLayoutSection(group: mosaic)
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        let (stage, collectionView, _) = collectionStage([12], layout: UICollectionViewCompositionalLayout(section: section))
        stage.withClock {
            collectionView.backgroundColor = .white
            for cell in collectionView.visibleCells {
                let hue = CGFloat(cell.tag % 6) / 6
                cell.contentView.backgroundColor = UIColor(hue: hue, saturation: 0.6, brightness: 0.9, alpha: 1)
            }
        }
        // Item 1 (the pair's top): x 8 + 304·2/3 + 4, y 8 + 4.
        let frame = try #require(frameOf(collectionView, 1))
        #expect(abs(frame.minX - (8 + 304.0 * 2 / 3 + 4)) < 1e-9 && frame.minY == 12)
        #expect(frameOf(collectionView, 3)?.minY == 212.0)   // 8 + 200 + 4
        let url = URL(fileURLWithPath: "/tmp/compositional-grid.png")
        try stage.writeFrame(at: 0.1, to: url)
        let pixmap = stage.step(to: 0.2)
        // Inside item 0 (12…210, 12…204) is coloured; the 8 pt gap between items is white.
        let inside = pixmap.pixel(x: 100, y: 100), gap = pixmap.pixel(x: 213, y: 100)
        #expect(inside != gap)
    }
}
