<?php

// Direct: a host from the query string pinged through the shell.
$host = $_GET['host'];
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
system("ping -c 1 " . $host);
// ok: php/taint-command-injection
// ok: php/command-injection
system("ping -c 1 " . escapeshellarg($host));

// Interpolated into backticks.
$dir = $_POST['dir'];
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
$listing = `ls -la {$dir}`;
$home = '/srv/www';
// ok: php/taint-command-injection
// ok: php/command-injection
$usage = `du -sh $home`;

// An options array: the request entry is appended to the command line with .=.
$options = ['quality' => '90'];
$options += ['size' => $_POST['size']];
$cmd = 'convert in.png';
foreach ($options as $flag => $value) {
    $cmd .= " -$flag '$value'";
}
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
$out = shell_exec($cmd);

// A constant entry read out of an array that also holds request data.
$job = ['input' => $_POST['source'], 'format' => 'png'];
$format = $job['format'];
// ok: php/taint-command-injection
// ok: php/command-injection
exec("convert /tmp/in.jpg /tmp/out.$format");
$input = $job['input'];
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
exec("convert $input /tmp/out.png", $lines, $status);

// The temporary file of an upload is named by PHP, not by the client.
// ok: php/taint-command-injection
// ok: php/command-injection
$type = shell_exec('file -b --mime-type ' . $_FILES['upload']['tmp_name']);

// Words from the query, each prefixed in a loop, imploded.
$args = [];
foreach ((array) $_GET['words'] as $word) {
    $args[] = '-e ' . $word;
}
$pattern = implode(' ', $args);
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
passthru("grep $pattern /var/log/app.log");

// Appending a constant flag after a request value keeps the request value in the list.
$flags = [];
$flags[] = $_GET['flag'];
$flags[] = '--verbose';
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
exec('rsync ' . implode(' ', $flags) . ' /src /dst');

// A number is safe in a command line.
$lines = (int) $_GET['lines'];
// ok: php/taint-command-injection
// ok: php/command-injection
passthru("tail -n $lines /var/log/app.log");

// Reset to a constant before use.
$service = $_GET['service'];
$service = 'nginx';
// ok: php/taint-command-injection
// ok: php/command-injection
exec("systemctl status $service");

// An allow-list of commands indexed by the request.
$tools = ['disk' => 'df -h', 'load' => 'uptime'];
$tool = $tools[$_GET['tool']];
// ok: php/taint-command-injection
// ok: php/command-injection
$report = shell_exec($tool);

// An array command runs without a shell.
$file = $_GET['file'];
// ruleid: php/command-injection
// ok: php/taint-command-injection
$process = proc_open(['gzip', '-k', $file], [], $pipes);
// ruleid: php/taint-command-injection
// ruleid: php/command-injection
$process = proc_open("gzip -k $file", [], $pipes);

if (0) {
    // ok: php/taint-command-injection
    // ok: php/command-injection
    system($file);
}

function archive($name)
{
    // ok: php/taint-command-injection
    // ruleid: php/command-injection
    return shell_exec('tar czf /backups/' . $name . '.tgz /srv/data');
}

class BackupController
{
    public function run(ServerRequestInterface $request)
    {
        $params = $request->getParsedBody();
        $target = sprintf('/backups/%s.tgz', $params['name']);
        // ruleid: php/taint-command-injection
        // ruleid: php/command-injection
        return popen("tar czf $target /srv/data", 'r');
    }

    public function runQuoted(ServerRequestInterface $request)
    {
        $params = $request->getParsedBody();
        $target = escapeshellarg('/backups/' . $params['name'] . '.tgz');
        // ok: php/taint-command-injection
        // ok: php/command-injection
        return popen("tar czf $target /srv/data", 'r');
    }
}
