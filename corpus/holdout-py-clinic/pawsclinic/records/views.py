"""Medical records: certificates, x-ray images and visit history exports."""
import csv
import os
import subprocess

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from pawsclinic.config import CERT_DIR, EXPORT_DIR, XRAY_DIR


@login_required
@require_GET
def vaccination_certificate(request, pet_id):
    filename = request.GET.get("file", "rabies.pdf")
    folder = os.path.join(CERT_DIR, str(pet_id))
    path = os.path.join(folder, filename)
    return FileResponse(open(path, "rb"), content_type="application/pdf")


@login_required
@require_GET
def xray_image(request, pet_id):
    name = os.path.basename(request.GET.get("image", ""))
    if not name.endswith(".png"):
        raise Http404("no such image")
    return FileResponse(open(os.path.join(XRAY_DIR, str(pet_id), name), "rb"), content_type="image/png")


@login_required
@require_POST
def tag_xray(request, pet_id, image_id):
    image_path = os.path.join(XRAY_DIR, str(pet_id), "%d.png" % image_id)
    command = "exiftool -overwrite_original -q"
    for keyword in request.POST.getlist("keywords"):
        command += " -Keywords+=" + keyword.strip()
    command += " " + image_path
    status = os.system(command)
    return JsonResponse({"tagged": status == 0})


@login_required
@require_GET
def export_history(request, pet_id):
    fmt = request.GET.get("format", "pdf")
    out_path = os.path.join(EXPORT_DIR, "pet-%d.csv" % pet_id)
    with connection.cursor() as cursor:
        cursor.execute("SELECT visited_on, reason, vet FROM visits WHERE pet_id = %s ORDER BY visited_on", [pet_id])
        rows = cursor.fetchall()
    with open(out_path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["visited_on", "reason", "vet"])
        writer.writerows(rows)
    if False:  # PDF export waits for the new letterhead; keep the converter call until it is back
        subprocess.run("unoconv -f " + fmt + " " + out_path, shell=True, check=True)
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = "attachment; filename=pet-%d.csv" % pet_id
    csv.writer(response).writerows(rows)
    return response
