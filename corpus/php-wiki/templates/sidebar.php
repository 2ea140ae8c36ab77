<nav class="sidebar">
  <ul>
    <li><a href="/index.php?action=show&amp;id=1">Main page</a></li>
    <li><a href="/index.php?action=recent">Recent changes</a></li>
    <li><a href="/export.php?format=changes">Change log</a></li>
  </ul>
</nav>
