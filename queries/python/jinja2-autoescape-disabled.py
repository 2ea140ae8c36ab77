import jinja2
from jinja2 import Environment, FileSystemLoader, PackageLoader, select_autoescape

TEMPLATE_DIR = "templates"

# ruleid: python/jinja2-autoescape-disabled
env = Environment(loader=FileSystemLoader(TEMPLATE_DIR))
# ruleid: python/jinja2-autoescape-disabled
mail_env = jinja2.Environment(loader=PackageLoader("shop", "mail"), autoescape=False)
# ruleid: python/jinja2-autoescape-disabled
banner = jinja2.Template("<div>{{ message }}</div>", autoescape=False)

# ok: python/jinja2-autoescape-disabled
safe_env = Environment(loader=FileSystemLoader(TEMPLATE_DIR), autoescape=select_autoescape(["html", "xml"]))
# ok: python/jinja2-autoescape-disabled
strict_env = jinja2.Environment(
    loader=FileSystemLoader(TEMPLATE_DIR),
    autoescape=True,
)
# ok: python/jinja2-autoescape-disabled
page = jinja2.Template("<div>{{ message }}</div>", autoescape=True)
# ok: python/jinja2-autoescape-disabled
sandbox = gym.Environment(loader=None)
