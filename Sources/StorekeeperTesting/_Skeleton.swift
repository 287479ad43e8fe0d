// StorekeeperTesting
