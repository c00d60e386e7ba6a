"""Small reusable widgets that know no rule system: the odds bar chart, the entry of the table's dice, the battle
log, the colours and pieces the games' trackers and resolvers share."""
