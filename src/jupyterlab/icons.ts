import { LabIcon } from '@jupyterlab/ui-components';
import modernizerSvg from '../../style/icons/modernizer.svg';

/** The Modernizer's icon: a notebook with a renewal arrow. */
export const modernizerIcon = new LabIcon({
  name: 'jupyterlab-modernizer:modernizer',
  svgstr: modernizerSvg
});
