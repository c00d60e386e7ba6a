"""The panels only « Par le Fer et par le Verbe » needs: its character panel, its scene and its casting."""
