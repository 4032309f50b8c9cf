"""The sweep file: schema, loading with line numbers, and every validation error at once."""
