package io.northgate.fleet.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Server-side settings, bound from the {@code fleet.*} keys of application.properties. */
@ConfigurationProperties(prefix = "fleet")
public class FleetProperties {

    /** Root of the generated GPX/KML exports and uploaded fuel receipts. */
    private String exportDir = "/var/lib/fleet/exports";

    /** XML file with the customers' geofences, maintained by the ops team. */
    private String geofenceFile = "/etc/fleet/geofences.xml";

    /** gpsbabel binary used for track conversion. */
    private String gpsbabelPath = "/usr/bin/gpsbabel";

    /** Where users land after signing in. */
    private String portalHome = "/dispatch/board";

    public String getExportDir() {
        return exportDir;
    }

    public void setExportDir(String exportDir) {
        this.exportDir = exportDir;
    }

    public String getGeofenceFile() {
        return geofenceFile;
    }

    public void setGeofenceFile(String geofenceFile) {
        this.geofenceFile = geofenceFile;
    }

    public String getGpsbabelPath() {
        return gpsbabelPath;
    }

    public void setGpsbabelPath(String gpsbabelPath) {
        this.gpsbabelPath = gpsbabelPath;
    }

    public String getPortalHome() {
        return portalHome;
    }

    public void setPortalHome(String portalHome) {
        this.portalHome = portalHome;
    }
}
