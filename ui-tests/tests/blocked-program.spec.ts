import { expect, test } from '@jupyterlab/galata';
import { expectBlocked } from './helpers';

test.describe('A program the code cannot bring', () => {
  test('an animation shown as video without FFmpeg blocks the run, naming FFmpeg', async ({
    page,
    tmpPath
  }) => {
    // matplotlib raises while the result is displayed, after the code ran.
    const panel = await expectBlocked(page, tmpPath, {
      files: {},
      notebook: 'anim.ipynb',
      sources: [
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
        'print("R2:", 0.81)'
      ],
      verdict: "Blocked: install FFmpeg (for matplotlib's animations as video)",
      screenshot: 'blocked-program-ffmpeg'
    });
    // The exception is named as the cell shows it, not as IPython's reply (`NoneType`).
    await expect(panel).toContainText(
      'RuntimeError in cell 1: Requested MovieWriter (ffmpeg) not available'
    );
  });
});
