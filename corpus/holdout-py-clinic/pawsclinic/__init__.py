"""Paws veterinary practice: front-desk site and lab bridge."""
