"""The panels only the Strategy Battle Game needs (the builder's profile browser and unit panel, among others)."""
