"""The Army builder tab: the catalog browser, the roster and the unit editor."""
