"""The tournament REST API (DRF): thin views over tournament.services and tournament.selectors."""
