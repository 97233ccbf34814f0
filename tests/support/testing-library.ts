/**
 * Testing Library's waits (findBy*, waitFor) give up after one second by default: too short for a form whose widgets
 * load on demand while the machine runs other test files beside it. A wait here is for the page, not a speed check.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
