print("kinema")
