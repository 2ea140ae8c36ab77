package export

import (
	"fmt"
	"io/ioutil"
	"os"
	"path/filepath"
)

// WriteCSV dumps the nightly stock export.
func WriteCSV(warehouse string, data []byte) error {
	// ruleid: go/predictable-temp-file
	f, err := os.Create("/tmp/stock-export.csv")
	if err != nil {
		return err
	}
	defer f.Close()
	// ruleid: go/predictable-temp-file
	if err := ioutil.WriteFile(filepath.Join(os.TempDir(), "export-"+warehouse+".csv"), data, 0644); err != nil {
		return err
	}
	// ruleid: go/predictable-temp-file
	lock, err := os.OpenFile(fmt.Sprintf("/tmp/export-%s.lock", warehouse), os.O_CREATE|os.O_WRONLY, 0644)
	if err != nil {
		return err
	}
	lock.Close()
	_, err = f.Write(data)
	return err
}

func WriteCSVSafe(dir string, data []byte) error {
	// ok: go/predictable-temp-file
	f, err := os.CreateTemp("", "stock-export-*.csv")
	if err != nil {
		return err
	}
	defer f.Close()
	// ok: go/predictable-temp-file
	out, err := os.Create(filepath.Join(dir, "stock-export.csv"))
	if err != nil {
		return err
	}
	defer out.Close()
	// ok: go/predictable-temp-file
	if _, err := os.ReadFile("/tmp/stock-export.csv"); err == nil {
		return nil
	}
	// ok: go/predictable-temp-file
	if err := os.WriteFile("/var/lib/inventory/export.csv", data, 0600); err != nil {
		return err
	}
	_, err = out.Write(data)
	return err
}
