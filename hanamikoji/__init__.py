"""Hanamikoji rules engine (work in progress)."""

from hanamikoji._constants import FACTS, GEISHA_CHARMS

__all__ = ["FACTS", "GEISHA_CHARMS"]
