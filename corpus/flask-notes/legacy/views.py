"""Support pages of the legacy admin."""
import yaml
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from .models import Note


def summary(note):
    return {"id": note.id, "title": note.title, "owner": note.owner}


@login_required
@require_GET
def notes_by_owner(request):
    owner = request.GET.get("owner", "")
    sql = "SELECT * FROM legacy_note WHERE owner = '%s' ORDER BY updated_at DESC" % owner
    notes = Note.objects.raw(sql)
    return JsonResponse({"notes": [summary(n) for n in notes]})


@login_required
@require_GET
def notes_by_title(request):
    title = request.GET.get("title", "")
    notes = Note.objects.raw("SELECT * FROM legacy_note WHERE title = %s ORDER BY updated_at DESC", [title])
    return JsonResponse({"notes": [summary(n) for n in notes]})


@login_required
@require_GET
def banner(request):
    message = request.GET.get("msg", "")
    level = request.GET.get("level", "info")
    html = '<div class="alert alert-{}">{}</div>'.format(level, message)
    return render(request, "legacy/banner.html", {"banner": mark_safe(html)})


@login_required
@require_GET
def notice(request):
    text = request.COOKIES.get("notice", "")
    html = '<p class="notice">' + escape(text) + "</p>"
    return render(request, "legacy/banner.html", {"banner": mark_safe(html)})


@login_required
@require_POST
def import_notes(request):
    docs = yaml.load(request.body, Loader=yaml.Loader)
    created = 0
    for doc in docs or []:
        Note.objects.create(owner=request.user.username, title=doc["title"], body=doc["body"])
        created += 1
    return JsonResponse({"created": created})
