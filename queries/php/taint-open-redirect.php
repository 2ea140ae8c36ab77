<?php

session_start();

// Direct: the `next` parameter sent back as the Location header.
$next = $_GET['next'] ?? '/';
if (login($_POST['user'], $_POST['password'])) {
    // ruleid: php/taint-open-redirect
    header('Location: ' . $next);
    exit;
}

// Interpolated, and formatted.
$back = $_SERVER['HTTP_REFERER'];
// ruleid: php/taint-open-redirect
header("Location: $back");
// ruleid: php/taint-open-redirect
header(sprintf('Location: %s', $_POST['return_to']), true, 302);

// Only a URL-encoded query value of a fixed page.
// ok: php/taint-open-redirect
header('Location: /search?q=' . urlencode($_GET['q']));
// ok: php/taint-open-redirect
header('Location: /login?' . http_build_query(['next' => $next]));
// wp_sanitize_redirect strips characters and never checks the host.
// ruleid: php/taint-open-redirect
header('Location: ' . wp_sanitize_redirect($_GET['to']));

// Other headers are not redirects.
// ok: php/taint-open-redirect
header('X-Requested-Page: ' . $next);

// An allow-list of destinations indexed by the request.
$targets = ['home' => '/', 'profile' => '/me', 'docs' => 'https://docs.example.com'];
$goto = $targets[$_GET['goto']] ?? '/';
// ok: php/taint-open-redirect
header("Location: $goto");

// A numeric id in the path.
$id = (int) $_GET['id'];
// ok: php/taint-open-redirect
header('Location: /pages/' . $id);

// Overwritten, and a dead branch.
$after = $_GET['after'];
$after = '/dashboard';
// ok: php/taint-open-redirect
header('Location: ' . $after);
if (false) {
    // ok: php/taint-open-redirect
    header('Location: ' . $_GET['after']);
}

// Stored with the session under one key, read back under another.
$state = ['return' => $_GET['return'], 'home' => '/'];
// ok: php/taint-open-redirect
header('Location: ' . $state['home']);
// ruleid: php/taint-open-redirect
header('Location: ' . $state['return']);

class AuthController
{
    public function logout(Request $request)
    {
        $to = $request->query->get('to');
        // ruleid: php/taint-open-redirect
        return new RedirectResponse($to);
    }

    public function done(ServerRequestInterface $request, ResponseInterface $response)
    {
        $params = $request->getQueryParams();
        // ruleid: php/taint-open-redirect
        return $response->withHeader('Location', $params['continue'])->withStatus(302);
    }

    public function home(ResponseInterface $response)
    {
        // ok: php/taint-open-redirect
        return $response->withHeader('Location', '/')->withStatus(302);
    }
}

function legacy($url)
{
    // ok: php/taint-open-redirect
    header('Location: ' . $url);
}
