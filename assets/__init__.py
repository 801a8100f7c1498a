"""The arcade's data, installed as the package game.assets: read it through game.resources."""
