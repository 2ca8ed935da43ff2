print("specwright placeholder")
