"""Relleno: pastry chefs choose a secret time card each day, then fill recipes or restock."""
