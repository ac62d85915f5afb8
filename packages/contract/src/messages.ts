/** The message catalogue of SPEC §8, verbatim. Screens show these and nothing paraphrased. */
export const MESSAGES = {
  login: {
    failed: 'Login failed',
    noToken: 'No token received from server.',
    unknownRole: 'User role not found.',
    serverError: 'Server error. Please try again later.',
  },
  gatePass: {
    submitted: 'Gate pass submitted successfully!',
    submitFailed: 'Failed to submit gate pass.',
    submitNetworkError: 'Error submitting gate pass.',
    noApplied: 'You have no applied gate passes.',
    noApproved: 'You have no approved gate passes.',
    noRejected: 'You have no rejected gate passes.',
    updateFailed: 'Error: Unable to update gatepass status',
    updateErrorPrefix: 'Error: ',
    none: 'No gatepasses to display.',
  },
  query: {
    submitFailed: 'Failed to submit query. Please try again later.',
    noUnsolved: 'No queries without a solution found.',
    noneForFilter: 'No queries found for this filter.',
    noSolved: 'No solved queries found.',
    none: 'No queries to display.',
  },
  notice: {
    created: 'Notice created successfully',
    createFailed: 'Error creating notice',
    networkError: 'Error submitting notice',
  },
  support: {
    sent: "Thank you for your feedback! We'll get back to you shortly.",
    failed: 'Failed to submit feedback. Please try again later.',
  },
  syllabus: {
    added: 'Syllabus added successfully!',
    addFailed: 'Failed to add syllabus.',
    noMatch: 'No syllabus found for the given search term.',
  },
  performance: { fetchFailed: 'Could not fetch performance data.' },
  attendance: {
    fetchFailed: 'Could not fetch attendance data.',
    noRecords: 'No attendance records found.',
    marked: 'Attendance marked successfully!',
    markFailed: 'Error submitting attendance',
    emptyGroup: 'No students in this group.',
  },
  solution: {
    empty: 'Solution cannot be empty.',
    updated: 'Solution updated successfully!',
    updateFailed: 'Failed to update solution.',
    updateError: 'An error occurred while updating the solution.',
  },
  profile: {
    fetchDataFailed: 'Error fetching data',
    fetchDetailsFailed: 'Error fetching details',
    notAvailable: 'Not Available',
    na: 'N/A',
  },
  students: { none: 'No students found.' },
  submitting: 'Submitting...',
} as const;
