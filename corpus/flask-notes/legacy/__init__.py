"""Legacy Django admin app, kept for the support team until its pages move to the Flask API."""
