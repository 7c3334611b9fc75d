import './base.css';
import './inline-diff.css';
