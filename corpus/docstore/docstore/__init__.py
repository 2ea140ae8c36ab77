"""Document store service."""
