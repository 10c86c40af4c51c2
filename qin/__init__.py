"""Qin: a pure-Python rules engine for Reiner Knizia's board game (2012)."""
