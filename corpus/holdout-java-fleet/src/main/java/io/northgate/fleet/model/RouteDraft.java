package io.northgate.fleet.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A route the dispatcher is still editing: ordered stops for one vehicle. */
public class RouteDraft implements Serializable {

    private static final long serialVersionUID = 3L;

    private long vehicleId;
    private String label;
    private List<String> stopCodes = new ArrayList<>();

    public long getVehicleId() {
        return vehicleId;
    }

    public void setVehicleId(long vehicleId) {
        this.vehicleId = vehicleId;
    }

    public String getLabel() {
        return label;
    }

    public void setLabel(String label) {
        this.label = label;
    }

    public List<String> getStopCodes() {
        return stopCodes;
    }

    public void setStopCodes(List<String> stopCodes) {
        this.stopCodes = stopCodes;
    }
}
