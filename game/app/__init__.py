"""The arcade itself: the window, its scenes and menus (see SCENES.md)."""
