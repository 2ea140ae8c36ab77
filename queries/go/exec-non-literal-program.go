package jobs

import (
	"context"
	"os"
	"os/exec"
)

type Job struct {
	Command string
	Args    []string
}

const gitBinary = "/usr/bin/git"

// RunJob executes a job that was loaded from the queue.
func RunJob(ctx context.Context, job Job) error {
	// ruleid: go/exec-non-literal-program
	cmd := exec.Command(job.Command, job.Args...)
	if err := cmd.Run(); err != nil {
		return err
	}
	tool := os.Getenv("HOOK_TOOL")
	// ok: go/exec-non-literal-program
	return exec.CommandContext(ctx, tool, "--verbose").Run()
}

func ReExec(ctx context.Context, repo string) error {
	// ok: go/exec-non-literal-program
	if err := exec.Command("git", "-C", repo, "fetch").Run(); err != nil {
		return err
	}
	// ok: go/exec-non-literal-program
	if err := exec.CommandContext(ctx, gitBinary, "-C", repo, "gc").Run(); err != nil {
		return err
	}
	// ok: go/exec-non-literal-program
	self := exec.Command(os.Args[0], "child")
	// ok: go/exec-non-literal-program
	lookup, _ := exec.LookPath(repo)
	_ = lookup
	return self.Run()
}
