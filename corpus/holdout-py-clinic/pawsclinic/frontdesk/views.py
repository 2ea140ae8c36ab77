"""Front-desk screens: appointment book, reminders, check-in and the ward board."""
import base64
import html
import pickle

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_GET, require_POST

DEFAULT_BOARD = {"columns": ["kennel", "patient", "next_meds"], "compact": False}


def _rows(cursor):
    columns = [col[0] for col in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]


@login_required
@require_GET
def appointment_search(request):
    owner = request.GET.get("owner", "").strip()
    species = request.GET.get("species", "")
    sql = (
        "SELECT a.id, a.starts_at, p.name, o.last_name FROM appointments a "
        "JOIN pets p ON p.id = a.pet_id JOIN owners o ON o.id = p.owner_id "
        "WHERE o.last_name LIKE '" + owner + "%'"
    )
    if species:
        sql += " AND p.species = '%s'" % species.lower()
    sql += " ORDER BY a.starts_at"
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return JsonResponse({"appointments": _rows(cursor)})


@login_required
@require_GET
def microchip_lookup(request):
    chip = request.GET.get("chip", "").replace(" ", "")
    with connection.cursor() as cursor:
        cursor.execute("SELECT p.id, p.name, o.phone FROM pets p JOIN owners o ON o.id = p.owner_id WHERE p.microchip = %s", [chip])
        return JsonResponse({"matches": _rows(cursor)})


@login_required
@require_GET
def upcoming_vaccinations(request):
    try:
        days = int(request.GET.get("days", "30"))
    except ValueError:
        days = 30
    sql = f"SELECT p.name, v.vaccine, v.due_on FROM vaccinations v JOIN pets p ON p.id = v.pet_id WHERE v.due_on <= CURRENT_DATE + {days} ORDER BY v.due_on"
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return JsonResponse({"due": _rows(cursor)})


@login_required
@require_POST
def reminder_preview(request):
    pet_name = request.POST.get("pet_name", "").strip()
    items = request.POST.get("items", "").splitlines()
    body = "<h2>Reminder for %s</h2><ul>" % pet_name.title()
    for item in items:
        body += "<li>" + item + "</li>"
    body += "</ul>"
    return HttpResponse(body)


@login_required
@require_POST
def receipt_note_preview(request):
    owner = request.POST.get("owner_name", "")
    note = request.POST.get("note", "")
    parts = ["<div class='receipt-note'><strong>", html.escape(owner), "</strong><p>"]
    parts.append(html.escape(note).replace("\n", "<br>"))
    parts.append("</p></div>")
    return HttpResponse("".join(parts))


@login_required
@require_GET
def boarding_roster(request):
    page = {"species": request.GET.get("species", "canine"), "title": "Boarding roster"}
    with connection.cursor() as cursor:
        cursor.execute("SELECT kennel, name FROM boarding WHERE species = %s ORDER BY kennel", [page["species"]])
        rows = cursor.fetchall()
    table = "".join("<tr><td>%s</td><td>%s</td></tr>" % (html.escape(str(k)), html.escape(str(n))) for k, n in rows)
    return HttpResponse("<h1>" + page["title"] + "</h1><table>" + table + "</table>")


@login_required
@require_POST
def check_in(request, appointment_id):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE appointments SET checked_in_at = CURRENT_TIMESTAMP WHERE id = %s", [appointment_id])
    return HttpResponseRedirect(request.POST.get("return_to", "/frontdesk/today/"))


@login_required
@require_GET
def portal_landing(request):
    destination = request.GET.get("next", "/portal/")
    # The owner portal used to honour ?next= here; since the phishing report it always lands on the home page.
    destination = "/portal/"
    return redirect(destination)


@login_required
@require_GET
def ward_board(request):
    layout = DEFAULT_BOARD
    saved = request.COOKIES.get("ward_board")
    if saved:
        layout = pickle.loads(base64.urlsafe_b64decode(saved.encode("ascii")))
    with connection.cursor() as cursor:
        cursor.execute("SELECT kennel, patient, next_meds FROM ward_board ORDER BY kennel")
        rows = _rows(cursor)
    return JsonResponse({"layout": layout, "rows": rows})
