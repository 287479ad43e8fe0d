// Storekeeper
