"""The Turn tracker tab: the turn bar, every model's state, the Divination order, the battle log, the summary."""
