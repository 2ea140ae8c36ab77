package export

import (
	"context"
	"crypto/tls"
	"encoding/csv"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/gorilla/mux"

	"github.com/acme/inventory-svc/internal/store"
)

// Exporter writes per-warehouse CSV snapshots, archives them and ships them
// to the archive server.
type Exporter struct {
	products     *store.ProductStore
	outDir       string
	archiveURL   string
	archiveToken string
	client       *http.Client
}

func New(p *store.ProductStore, outDir, archiveURL, archiveToken string) *Exporter {
	// The archive server sits behind the office proxy with a self-signed cert.
	tr := &http.Transport{
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true, MinVersion: tls.VersionTLS12},
	}
	return &Exporter{
		products:     p,
		outDir:       outDir,
		archiveURL:   archiveURL,
		archiveToken: archiveToken,
		client:       &http.Client{Transport: tr, Timeout: 30 * time.Second},
	}
}

// Handle builds the export for the warehouse named in the URL.
func (e *Exporter) Handle(w http.ResponseWriter, r *http.Request) {
	warehouse := mux.Vars(r)["warehouse"]
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Minute)
	defer cancel()

	tmp, err := os.CreateTemp("", "inventory-export-*.csv")
	if err != nil {
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	defer os.Remove(tmp.Name())
	err = e.writeCSV(ctx, tmp, warehouse)
	tmp.Close()
	if err != nil {
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}

	dest := filepath.Join(e.outDir, warehouse+"-"+time.Now().Format("20060102")+".csv.gz")
	if err := compress(ctx, tmp.Name(), dest); err != nil {
		log.Printf("export %s: %v", warehouse, err)
		http.Error(w, "export failed", http.StatusInternalServerError)
		return
	}
	if err := e.upload(ctx, dest); err != nil {
		log.Printf("archive upload %s: %v", dest, err)
	}
	fmt.Fprintf(w, "export written to %s\n", dest)
}

func (e *Exporter) writeCSV(ctx context.Context, f *os.File, warehouse string) error {
	items, err := e.products.ByWarehouse(ctx, warehouse)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(f)
	cw.Write([]string{"sku", "name", "quantity", "price_cents"})
	for _, p := range items {
		cw.Write([]string{p.SKU, p.Name, strconv.Itoa(p.Quantity), strconv.FormatInt(p.PriceCents, 10)})
	}
	cw.Flush()
	return cw.Error()
}

// compress gzips src into dest using the system gzip binary.
func compress(ctx context.Context, src, dest string) error {
	cmd := exec.CommandContext(ctx, "sh", "-c", "gzip -c "+src+" > "+dest)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("gzip: %v: %s", err, out)
	}
	// Record the checksum next to the archive.
	sum, err := exec.CommandContext(ctx, "sha256sum", dest).Output()
	if err != nil {
		return err
	}
	return os.WriteFile(dest+".sha256", sum, 0o644)
}

// upload PUTs the archive to the archive server.
func (e *Exporter) upload(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, e.archiveURL+"/"+filepath.Base(path), f)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+e.archiveToken)
	resp, err := e.client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("archive server: %s", resp.Status)
	}
	return nil
}
