import ArgumentParser
print("storekeeper")
