"""Yatai (Bonfanti, Ceglia, Corti): run a Fukuoka street-food stall."""
