"""FBR placeholder."""
