"""Tournament pages, one module per audience (as the API is). Thin: selectors read, services write,
errors become messages."""
