"""The rules and the files: pure Python and pydantic, no Qt."""
