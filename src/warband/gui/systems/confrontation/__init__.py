"""The panels only Confrontation needs: the builder's (a Faithful's miracles, a model's magic items), its battle
document, its Turn tracker (the turn bar, every model's state, the Divination order, the log, the summary) and its
Resolver (one call at a time, with its exact odds before the dice are thrown)."""
