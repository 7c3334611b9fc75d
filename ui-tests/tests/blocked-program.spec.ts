import { expect, test } from '@jupyterlab/galata';
import { cellSource, openNotebook, openPanel, screenshot } from './helpers';

test.describe('A program the code cannot bring', () => {
  test('an animation shown as video without FFmpeg blocks the run, naming FFmpeg', async ({
    page,
    tmpPath
  }) => {
    // matplotlib raises while the result is displayed, after the code ran.
    const sources = [
      [
        '%matplotlib inline',
        'import matplotlib.pyplot as plt',
        'from matplotlib import animation, rc',
        "plt.rcParams['animation.ffmpeg_path'] = '/nonexistent/ffmpeg'",
        "rc('animation', html='html5')",
        'fig, ax = plt.subplots()',
        '(line,) = ax.plot([], [])',
        'def draw(i):',
        '    line.set_data([0, i], [0, i])',
        '    return (line,)',
        'anim = animation.FuncAnimation(fig, draw, frames=3)',
        'anim'
      ].join('\n'),
      'print("Accuracy:", 0.75)'
    ];
    await openNotebook(page, `${tmpPath}/anim.ipynb`, sources, [
      '',
      'Accuracy: 0.75\n'
    ]);
    const panel = await openPanel(page);
    await panel.getByRole('button', { name: 'Modernize' }).click();
    const verdict = panel.locator('.jp-Modernizer-verdict');
    await expect(verdict).toHaveAttribute('data-verdict', 'blocked', {
      timeout: 60_000
    });
    await expect(verdict).toHaveText(
      "Blocked: install FFmpeg (for matplotlib's animations as video)"
    );
    // The exception is named as the cell shows it, not as IPython's reply (`NoneType`).
    await expect(panel).toContainText(
      'RuntimeError in cell 1: Requested MovieWriter (ffmpeg) not available'
    );
    await screenshot(page, 'blocked-program-ffmpeg');
    expect(await cellSource(page, 0)).toBe(sources[0]);
  });
});
