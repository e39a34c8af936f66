"""Installing the project installs its dependencies only: the game's generic module names (master, metrics, ...)
must not land in site-packages, where they would shadow or be shadowed by other clem games' modules."""
import subprocess
import sys
import zipfile

from support import REPO


def test_wheel_holds_no_top_level_module(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(tmp_path),
                    str(REPO)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("clem_textarena-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert names and all(name.startswith("clem_textarena-") and ".dist-info/" in name for name in names)
    assert "clemcore==3.7.2" in zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
