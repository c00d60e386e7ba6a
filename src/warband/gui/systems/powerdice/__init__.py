"""The panels only the power-dice system needs: its caster panel, its tracker and its resolver."""
