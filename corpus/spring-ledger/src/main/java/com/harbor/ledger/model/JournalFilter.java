package com.harbor.ledger.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** The journal filter the legacy UI remembers between visits. */
public class JournalFilter implements Serializable {

    private static final long serialVersionUID = 3L;

    public String book = "main";
    public List<String> accounts = new ArrayList<>();
    public boolean includeDrafts;
}
