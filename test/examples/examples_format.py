"""A lit format whose tests are the files of examples/ (outside test/).

Each examples/NAME.mlir is the test examples/NAME.mlir of the suite: its
`// RUN:` lines run as in any lit test (%s is the example), and its
`// CHECK:` lines state the findings expected in it.
"""
import os

import lit.Test
import lit.formats


class ExampleTest(lit.Test.Test):
    """A test whose source is a file outside the suite's source folder."""

    def __init__(self, suite, path_in_suite, config, source):
        super().__init__(suite, path_in_suite, config, file_path=source)
        self.source = source

    def getSourcePath(self):
        return self.source


class ExamplesFormat(lit.formats.ShTest):
    def __init__(self, examples, execute_external):
        super().__init__(execute_external=execute_external)
        self.examples = examples

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        for name in sorted(os.listdir(self.examples)):
            source = os.path.join(self.examples, name)
            if name.endswith(".mlir") and os.path.isfile(source):
                yield ExampleTest(testSuite, path_in_suite + (name,), localConfig, source)
