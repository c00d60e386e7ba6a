"""The Resolver tab: one call at a time, with its exact odds before the dice are thrown."""
