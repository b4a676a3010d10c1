"""The lab's Python runtime loop: one process per execution environment, as Lambda's runtime
interface client runs one. It imports the handler (INIT), then answers each invocation the lab's
Node.js worker writes to stdin (one JSON line) with one JSON line on file descriptor 3: the
result, or the error document Lambda's Python runtime makes. print() goes to stdout as it is;
the root logger writes Lambda's format (text: "[LEVEL]\\ttime\\trequestId\\tmessage"; JSON when
AWS_LAMBDA_LOG_FORMAT is JSON)."""
import importlib
import json
import logging
import os
import sys
import threading
import time
import traceback

results = os.fdopen(3, "w", buffering=1)
request_id = None


class LambdaFormatter(logging.Formatter):
    def format(self, record):
        when = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + ".%03dZ" % record.msecs
        if os.environ.get("AWS_LAMBDA_LOG_FORMAT", "").upper() == "JSON":
            return json.dumps({"timestamp": when, "level": record.levelname, "message": record.getMessage(),
                               "logger": record.name, "requestId": request_id})
        message = record.getMessage()
        if record.exc_info:
            message += "\n" + self.formatException(record.exc_info)
        # One log event per record, as Lambda writes it: its newlines become carriage returns.
        return ("[%s]\t%s\t%s\t%s" % (record.levelname, when, request_id, message)).replace("\n", "\r")


root = logging.getLogger()
stream = logging.StreamHandler(sys.stdout)
stream.setFormatter(LambdaFormatter())
root.handlers = [stream]
root.setLevel(logging.WARNING)


def error_document(error, error_type=None):
    return {"errorMessage": str(error), "errorType": error_type or type(error).__name__,
            "stackTrace": traceback.format_tb(error.__traceback__), "requestId": request_id or ""}


def answer(document):
    # What the handler printed reaches the log before its invocation ends.
    sys.stdout.flush()
    sys.stderr.flush()
    results.write(json.dumps(document) + "\n")
    results.flush()


handler_setting = os.environ.get("_HANDLER", "lambda_function.lambda_handler")
module_name, _, function_name = handler_setting.rpartition(".")
sys.path.insert(0, os.environ["LAB_PYTHON_CODE_DIR"])
try:
    module = importlib.import_module(module_name.replace("/", "."))
except SyntaxError as error:
    answer({"init": error_document(error, "Runtime.UserCodeSyntaxError") | {
        "errorMessage": "Syntax error in module '%s': %s" % (module_name, error)}})
    sys.exit(1)
except Exception as error:
    answer({"init": error_document(error, "Runtime.ImportModuleError") | {
        "errorMessage": "Unable to import module '%s': %s" % (module_name, error)}})
    sys.exit(1)
handler = getattr(module, function_name, None)
if handler is None:
    answer({"init": {"errorMessage": "Handler '%s' missing on module '%s'" % (function_name, module_name),
                     "errorType": "Runtime.HandlerNotFound", "stackTrace": []}})
    sys.exit(1)
answer({"ready": True})


deadline_ms = None


def watchdog():
    # The lab ends an environment whose invocation outlives its timeout; this process ends too,
    # whatever the handler is doing, a second later.
    while True:
        time.sleep(0.5)
        if deadline_ms is not None and time.time() * 1000 > deadline_ms + 1000:
            os._exit(1)


threading.Thread(target=watchdog, daemon=True).start()


class Context:
    def __init__(self, data):
        self.function_name = data["functionName"]
        self.function_version = data["functionVersion"]
        self.invoked_function_arn = data["invokedFunctionArn"]
        self.memory_limit_in_mb = data["memoryLimitInMB"]
        self.aws_request_id = data["awsRequestId"]
        self.log_group_name = data["logGroupName"]
        self.log_stream_name = data["logStreamName"]
        self._deadline_ms = data["deadlineMs"]

    def get_remaining_time_in_millis(self):
        return max(0, int(self._deadline_ms - time.time() * 1000))


for line in sys.stdin:
    invocation = json.loads(line)
    request_id = invocation["context"]["awsRequestId"]
    deadline_ms = invocation["context"]["deadlineMs"]
    try:
        result = handler(invocation["event"], Context(invocation["context"]))
        answer({"result": result})
    except Exception as error:
        document = error_document(error)
        print("[ERROR] %s: %s\nTraceback (most recent call last):\n%s" % (
            document["errorType"], document["errorMessage"], "".join(document["stackTrace"])), flush=True)
        answer({"error": document})
    deadline_ms = None
    sys.stdout.flush()
