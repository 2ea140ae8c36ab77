from django.db import models


class Note(models.Model):
    owner = models.CharField(max_length=150)
    title = models.CharField(max_length=200)
    body = models.TextField()
    archived = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "legacy_note"
