import { expect, test } from '@jupyterlab/galata';
import type { Locator } from '@playwright/test';
import {
  cellSource,
  expectBlocked,
  openInRepository,
  openPanel,
  passThroughRestarts,
  screenshot
} from './helpers';

// A clone without its large files: Git LFS leaves this text where the data was.
const POINTER =
  'version https://git-lfs.github.com/spec/v1\n' +
  'oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n' +
  'size 48213\n';

test.describe('Data elsewhere in the repository', () => {
  test('a copy of the data in another folder of the repository is read from there', async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    await openInRepository(
      page,
      tmpPath,
      { 'data/scores.csv': 'x,y\n1,0\n2,1\n3,1\n4,0\n' },
      'lab1/lab1.ipynb',
      [
        'import pandas as pd\ndf = pd.read_csv("scores.csv")',
        'print("Accuracy:", df["y"].mean())'
      ],
      ['', 'Accuracy: 0.5\n']
    );
    const panel = await openPanel(page);
    // The preflight scan sees the copy two folders away.
    await expect(
      panel.locator('.jp-Modernizer-finding', { hasText: '"scores.csv"' })
    ).toContainText('A copy of the file is in the repository', {
      timeout: 30_000
    });
    await screenshot(page, 'repository-data-copy-found');
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await acceptFirstFix(panel);
    expect(await cellSource(page, 0)).toBe(
      'import pandas as pd\ndf = pd.read_csv("../data/scores.csv")'
    );
  });

  test("a folder on the author's disk is the repository's folder of that name", async ({
    page,
    tmpPath
  }) => {
    await passThroughRestarts(page);
    // The file's name reaches the path only as a function's argument.
    const lines =
      'from pathlib import Path\nfolder = Path("E:\\\\course\\\\datafiles")\n' +
      'def count(name):\n    with open(folder / name) as f:\n        return len(f.readlines())';
    await openInRepository(
      page,
      tmpPath,
      { 'datafiles/mbox.txt': 'From a\nTo b\nFrom c\n' },
      'lesson5/lesson5.ipynb',
      [lines, 'print("Lines:", count("mbox.txt"))'],
      ['', 'Lines: 3\n']
    );
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    await acceptFirstFix(panel, async pending => {
      await expect(pending).toContainText('../datafiles');
      await screenshot(page, 'repository-data-author-folder');
    });
    expect(await cellSource(page, 0)).toBe(
      lines.replace('E:\\\\course\\\\datafiles', '../datafiles')
    );
  });

  test('data that is a Git LFS pointer blocks the run and says how to fetch it', async ({
    page,
    tmpPath
  }) => {
    await expectBlocked(page, tmpPath, {
      files: { 'data/prices.csv': POINTER },
      notebook: 'lab2/lab2.ipynb',
      sources: [
        'import pandas as pd\ndf = pd.read_csv("../data/prices.csv")',
        'print("R2:", df["price"].corr(df["area"]))'
      ],
      verdict:
        'Blocked: data at ../data/prices.csv is a Git LFS pointer, not the file (git lfs pull fetches it)',
      screenshot: 'repository-data-lfs-pointer'
    });
  });

  test('a database another notebook builds blocks the run on that file', async ({
    page,
    tmpPath
  }) => {
    // Connecting to a file that is not there makes an empty database: the query finds no table.
    await expectBlocked(page, tmpPath, {
      files: { 'shop/build_database.py': '# writes sales.db\n' },
      notebook: 'shop/sales.ipynb',
      sources: [
        'import sqlite3\nimport pandas as pd\nconn = sqlite3.connect("sales.db")',
        'df = pd.read_sql("SELECT * FROM sales", conn)\nprint("R2:", df["price"].corr(df["area"]))'
      ],
      verdict: 'Blocked: data at sales.db is not in the repository',
      screenshot: 'repository-data-empty-database'
    });
  });

  test("another project's train.csv is not taken for the notebook's own data", async ({
    page,
    tmpPath
  }) => {
    // The housing competition's data was never committed; the Titanic's was.
    await expectBlocked(page, tmpPath, {
      files: { 'titanic/train.csv': 'PassengerId,Survived\n1,0\n2,1\n' },
      notebook: 'housing/housing.ipynb',
      sources: [
        'import pandas as pd\ndf = pd.read_csv("train.csv")',
        'print("R2:", df["SalePrice"].corr(df["GrLivArea"]))'
      ],
      verdict: 'Blocked: data at train.csv is not in the repository',
      screenshot: 'repository-data-another-project'
    });
  });
});

/**
 * Waits for the run's first proposal, lets `inspect` look at it, accepts it and waits for
 * the verdict: reproducible.
 */
async function acceptFirstFix(
  panel: Locator,
  inspect: (pending: Locator) => Promise<void> = async () => {}
): Promise<void> {
  const pending = panel.locator(
    '.jp-Modernizer-proposal[data-status="pending"]'
  );
  await expect(pending).toHaveAttribute('data-position', '1', {
    timeout: 60_000
  });
  await inspect(pending);
  await pending.getByRole('button', { name: 'Accept' }).click();
  await expect(panel.locator('.jp-Modernizer-verdict')).toHaveAttribute(
    'data-verdict',
    'reproducible',
    { timeout: 60_000 }
  );
}
