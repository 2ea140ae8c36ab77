"""Small helpers and fixed tables shared by the views."""

# Sort keys a client may ask for, mapped to the column they sort on.
SORT_COLUMNS = {"title": "title", "created": "created_at", "updated": "updated_at"}

# Pages a form may send the user back to after saving.
RETURN_PAGES = {"list": "/notes/", "tags": "/reports/tags", "people": "/directory/people"}

DEFAULT_PREFS = {"theme": "light", "page_size": 50, "show_archived": False}


def rows_to_dicts(rows):
    return [dict(row) for row in rows]
