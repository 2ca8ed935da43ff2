print("benchmark placeholder")
