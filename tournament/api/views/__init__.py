"""API views, one module per resource. Each view reads its input, calls one service or selector,
and serializes the answer; permissions and rules stay in the services."""
