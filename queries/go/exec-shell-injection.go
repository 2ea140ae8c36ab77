package backup

import (
	"context"
	"fmt"
	"os/exec"
	"time"
)

// Archive compresses the given directory using the system tar binary.
func Archive(ctx context.Context, dir, dest string) error {
	// ruleid: go/exec-shell-injection
	cmd := exec.Command("sh", "-c", "tar czf "+dest+" "+dir)
	if err := cmd.Run(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// ruleid: go/exec-shell-injection
	out, err := exec.CommandContext(ctx, "/bin/bash", "-c", fmt.Sprintf("du -sh %s", dir)).Output()
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	script := buildScript(dir)
	// ruleid: go/exec-shell-injection
	return exec.Command("bash", "-c", script).Run()
}

// Safe variants.
func ArchiveSafe(ctx context.Context, dir, dest string) error {
	// ok: go/exec-shell-injection
	if err := exec.Command("tar", "czf", dest, dir).Run(); err != nil {
		return err
	}
	// ok: go/exec-shell-injection
	if err := exec.Command("sh", "-c", "sync && echo done").Run(); err != nil {
		return err
	}
	// ok: go/exec-shell-injection
	if err := exec.CommandContext(ctx, "sh", "-c", `df -h | tail -n +2`).Run(); err != nil {
		return err
	}
	// ok: go/exec-shell-injection
	return exec.Command("sh", "./scripts/rotate.sh", dir).Run()
}

func buildScript(dir string) string { return "ls " + dir }
